#include "engine/meld.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace tenbin {
namespace {

std::vector<Tile> tiles(std::initializer_list<const char*> names) {
  std::vector<Tile> out;
  for (const char* name : names) out.push_back(parse_tile(name));
  return out;
}

TEST(Meld, ChiIsARunOfThreeInOneSuit) {
  const Meld chi = Meld::make(MeldType::chi, parse_tile("4p"), tiles({"3p", "5pr"}), 2);
  EXPECT_TRUE(chi.is_run());
  EXPECT_EQ(chi.kind(), parse_kind("3p"));
  EXPECT_EQ(chi.red_fives(), 1);
  EXPECT_EQ(chi.target, 2);
  EXPECT_EQ(chi.size(), 3);
  EXPECT_THROW(Meld::make(MeldType::chi, parse_tile("9m"), tiles({"1p", "2p"}), 0), MeldError);
  EXPECT_THROW(Meld::make(MeldType::chi, parse_tile("E"), tiles({"S", "W"}), 0), MeldError);
  EXPECT_THROW(Meld::make(MeldType::chi, parse_tile("9m"), tiles({"1m", "2m"}), 0), MeldError);
}

TEST(Meld, ConsumedCountsAreChecked) {
  EXPECT_THROW(Meld::make(MeldType::pon, parse_tile("E"), tiles({"E"}), 1), MeldError);
  EXPECT_THROW(Meld::make(MeldType::daiminkan, parse_tile("E"), tiles({"E", "E"}), 1), MeldError);
  EXPECT_THROW(Meld::make(MeldType::ankan, Tile{}, tiles({"E", "E", "E"}), -1), MeldError);
  EXPECT_THROW(Meld::make(MeldType::pon, parse_tile("E"), tiles({"E", "S"}), 1), MeldError);
  EXPECT_THROW(Meld::make(MeldType::pon, parse_tile("E"), tiles({"E", "E"}), 4), MeldError);
}

// A hand is closed with no melds or with concealed kans only; one open meld opens it.
TEST(Meld, AHandIsClosedWithConcealedKansOnly) {
  const Meld ankan = Meld::make(MeldType::ankan, Tile{}, tiles({"N", "N", "N", "N"}), -1);
  const Meld pon = Meld::make(MeldType::pon, parse_tile("C"), tiles({"C", "C"}), 1);
  EXPECT_TRUE(all_closed(std::vector<Meld>{}));
  EXPECT_TRUE(all_closed(std::vector<Meld>{ankan, ankan}));
  EXPECT_FALSE(all_closed(std::vector<Meld>{ankan, pon}));
  EXPECT_FALSE(all_closed(std::vector<Meld>{pon}));
}

TEST(Meld, KansHoldFourTiles) {
  const Meld ankan = Meld::make(MeldType::ankan, Tile{}, tiles({"5s", "5s", "5sr", "5s"}), -1);
  EXPECT_TRUE(ankan.is_kan());
  EXPECT_FALSE(ankan.is_open());
  EXPECT_EQ(ankan.size(), 4);
  EXPECT_EQ(ankan.red_fives(), 1);
  const Meld kakan = Meld::make(MeldType::kakan, parse_tile("C"), tiles({"C", "C", "C"}), 3);
  EXPECT_TRUE(kakan.is_open());
  EXPECT_EQ(kakan.all_tiles().size(), 4u);
  EXPECT_EQ(kakan.target, 3);
}

// Every pair of kinds that chi_partners lists, and no other, makes a chi Meld::make accepts.
TEST(Meld, ChiPartnersAreThePairsAChiAccepts) {
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const ChiPartners partners = chi_partners(kind);
    int accepted = 0;
    for (int a = 0; a < kNumKinds; ++a) {
      for (int b = a + 1; b < kNumKinds; ++b) {
        const std::vector<Tile> consumed = {Tile::of(a), Tile::of(b)};
        bool makes = true;
        try {
          Meld::make(MeldType::chi, Tile::of(kind), consumed, 0);
        } catch (const MeldError&) {
          makes = false;
        }
        bool listed = false;
        for (int i = 0; i < partners.count; ++i) {
          listed = listed || (partners.pairs[i][0] == a && partners.pairs[i][1] == b);
        }
        EXPECT_EQ(listed, makes) << kind_to_string(kind) << " with " << kind_to_string(a) << kind_to_string(b);
        accepted += makes ? 1 : 0;
      }
    }
    EXPECT_EQ(partners.count, accepted) << kind_to_string(kind);
  }
  EXPECT_EQ(chi_partners(parse_kind("5m")).count, 3);
  EXPECT_EQ(chi_partners(parse_kind("9s")).count, 1);
  EXPECT_EQ(chi_partners(parse_kind("C")).count, 0);
}

}  // namespace
}  // namespace tenbin
