//! The Swiss system by the FIDE Dutch rules (C.04.3), with the general Swiss rules
//! (C.04.1, C.04.2): the next round's pairings from the players' scores, colours,
//! floats and past opponents.
