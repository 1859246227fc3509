// The review as one self-contained HTML page (inline style and script, nothing fetched): the
// summary (agreement, value lost by hand, the biggest disagreements first), links to every hand,
// and each decision with the position, the move played, the strategy's choice and its figures.
#pragma once

#include <iosfwd>

#include "bot/commands/review.hpp"

namespace tenbin {

void write_review_html(const Review& review, std::ostream& out);

}  // namespace tenbin
