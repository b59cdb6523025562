import { Chessboard, FEN } from "cm-chessboard/src/Chessboard.js";
import { Chess } from "chess.js";
const chess = new Chess();
window.board = new Chessboard(document.body, { position: FEN.start, assetsUrl: "./assets/" });
window.chess = chess;
