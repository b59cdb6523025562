#!/usr/bin/env python3
"""Writes crates/core/src/polyglot_keys.rs: the 781 Random64 numbers of the Polyglot
opening-book format (a published constant of the format), taken from python-chess's
copy of them, so that guoxiang-core's Zobrist keys are Polyglot keys.

    pip install chess && python3 tools/gen_polyglot_keys.py && cargo fmt
"""
import pathlib

import chess.polyglot

arr = chess.polyglot.POLYGLOT_RANDOM_ARRAY
assert len(arr) == 781
out = [
    "//! The 781 random numbers of the Polyglot opening-book format (its published",
    "//! `Random64` array), so that our Zobrist keys are Polyglot keys. These are facts of",
    "//! the file format, not code: piece keys at `64 * kind + 8 * rank + file` (kind: black",
    "//! pawn 0, white pawn 1, black knight 2, … white king 11), castling at 768–771 (white",
    "//! short, white long, black short, black long), en-passant files at 772–779, White to",
    "//! move at 780.",
    "",
    "pub(crate) static RANDOM64: [u64; 781] = [",
]
for i in range(0, 781, 4):
    out.append("    " + " ".join("0x%016x," % v for v in arr[i : i + 4]))
out.append("];")
path = pathlib.Path(__file__).resolve().parent.parent / "crates/core/src/polyglot_keys.rs"
path.write_text("\n".join(out) + "\n")
print(f"wrote {path}")
