import { Chessground } from "chessground";
import { Chess } from "chess.js";
const chess = new Chess();
window.cg = Chessground(document.body, { fen: chess.fen() });
