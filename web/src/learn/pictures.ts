//! The picture each lesson shows under its words: the typical mate of the method, or the key
//! position of a pawn ending (a key square, the opposition, the stalemate to avoid or to aim
//! for). Checked with python-chess and the tables when written: the five mates are mates, the
//! KPK win is won whoever moves, the opposition draw is a draw, the stalemate is stalemate.

/** The lesson picture's position, by exercise key (its caption: `ui.eg.<key>.picture`). */
export const PICTURES: Record<string, string> = {
  kqk: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
  krk: "R3k3/8/4K3/8/8/8/8/8 b - - 0 1",
  krrk: "R5k1/1R6/8/8/8/8/8/6K1 b - - 0 1",
  kbbk: "7k/5B2/6K1/4B3/8/8/8/8 b - - 0 1",
  kbnk: "k7/3N4/1K6/3B4/8/8/8/8 b - - 0 1",
  kpk: "4k3/8/4K3/8/4P3/8/8/8 w - - 0 1",
  "kpk-hold": "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1",
  kqkr: "1k6/8/8/4Q3/8/8/7r/K7 b - - 0 1",
  kqkp: "6K1/8/8/8/8/1Q6/p7/k7 b - - 0 1",
  "kqkp-hold": "6K1/8/8/8/8/1Q6/p7/k7 b - - 0 1",
};
