"""Logistic regression for the model studies (scripts/study/): Newton's method on the log
likelihood (iteratively reweighted least squares), with an optional ridge penalty on every weight
but the first (the bias). Python 3 standard library only.
"""

import math


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def solve(matrix, vector):
    """Solves matrix x = vector by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("singular system: a term is constant or a copy of another")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor != 0.0:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def inverse(matrix):
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def fit_logistic(xs, ys, ridge=0.0, iterations=50):
    """Newton's method on the (ridge-penalised) log likelihood of ys given rows xs, whose first
    term is the bias; returns (weights, standard errors)."""
    k = len(xs[0])
    w = [0.0] * k
    hessian = None
    for _ in range(iterations):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys):
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            r = y - p
            v = p * (1.0 - p)
            for i in range(k):
                gradient[i] += r * x[i]
                vx = v * x[i]
                row = hessian[i]
                for j in range(i, k):
                    row[j] += vx * x[j]
        for i in range(k):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
            if i > 0:  # no penalty on the bias
                gradient[i] -= ridge * w[i]
                hessian[i][i] += ridge
        step = solve(hessian, gradient)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    covariance = inverse(hessian)
    return w, [math.sqrt(max(covariance[i][i], 0.0)) for i in range(k)]


def log_loss(probabilities, ys):
    """Mean negative log likelihood in nats."""
    total = 0.0
    for p, y in zip(probabilities, ys):
        p = min(max(p, 1e-15), 1.0 - 1e-15)
        total -= math.log(p if y else 1.0 - p)
    return total / len(ys)
