// Generated from crates/server/src/protocol (ts-rs); do not edit.
// Regenerate: GUOXIANG_WRITE_TS=1 cargo test -p guoxiang-server --lib protocol

export type Side = "white" | "black";

export type You = "white" | "black" | "both";

export type Mode = "computer" | "friend" | "hotseat";

export type Status = "waiting" | "active" | "finished";

export type ClaimReason = "threefold_repetition" | "fifty_moves" | "opponent_left";

export type Bonus = "increment" | "delay" | "bronstein";

export type Period = { 
/**
 * Moves by each player in this period; `None`: the rest of the game.
 */
moves: number | null, 
/**
 * Time added to the clock at the start of the period, in milliseconds.
 */
time_ms: number, 
/**
 * The per-move increment or delay in this period, in milliseconds.
 */
bonus_ms: number, };

export type TimeControl = { periods: Array<Period>, bonus: Bonus, };

export type CreateGame = { mode: "computer" | "friend" | "hotseat", level?: number, color?: "white" | "black" | "random", clock?: string | TimeControl | null, 
/**
 * A starting position other than the standard one.
 */
fen?: string, };

export type Created = { id: string, secret: string, color: You, 
/**
 * Friend games only.
 */
join_key?: string, 
/**
 * Friend games only.
 */
join_url?: string, watch_url: string, ws_url: string, };

export type JoinGame = { key?: string, };

export type Joined = { id: string, secret: string, color: Side, ws_url: string, };

export type ClockView = { white_ms: number, black_ms: number, running: Side | null, control: TimeControl, };

export type Gone = { since_ms: number, 
/**
 * The opponent may claim (the grace period has passed).
 */
claimable: boolean, };

export type Disconnected = { white: Gone | null, black: Gone | null, };

export type PlayerKind = "human" | "computer";

export type Player = { kind: PlayerKind, level: number | null, name: string | null, };

export type Players = { white: Player, black: Player, };

export type Opening = { eco: string, key: string, name: string, };

export type Rematch = { offer: Side | null, next: string | null, };

export type NoticeKind = "draw_declined" | "takeback_declined" | "rematch_declined";

export type Notice = { kind: NoticeKind, by: Side, };

export type GameView = { id: string, mode: Mode, level: number | null, computer: Side | null, status: Status, fen: string, start_fen: string, turn: Side, moves: Array<string>, san: Array<string>, clock: ClockView | null, 
/**
 * `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
 */
result: string | null, reason: string | null, winner: Side | null, draw_offer: Side | null, takeback_request: Side | null, claimable_draws: Array<ClaimReason>, check: boolean, legal: Array<string>, legal_san: Array<string>, disconnected: Disconnected, joined: boolean, players: Players, 
/**
 * Connected WebSocket viewers that are not the game's players.
 */
spectators: number, opening: Opening | null, rematch: Rematch, notice: Notice | null, 
/**
 * The update's sequence number (WebSocket states only).
 */
seq?: number, };

export type May = { move: boolean, abort: boolean, resign: boolean, offer_draw: boolean, accept_draw: boolean, claim_draw: Array<ClaimReason>, claim_victory: boolean, takeback: boolean, accept_takeback: boolean, 
/**
 * Offer (friend games) or start (computer, hot-seat) a rematch.
 */
rematch: boolean, decline_rematch: boolean, };

export type GameResponse = { you: You | null, may: May, id: string, mode: Mode, level: number | null, computer: Side | null, status: Status, fen: string, start_fen: string, turn: Side, moves: Array<string>, san: Array<string>, clock: ClockView | null, 
/**
 * `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
 */
result: string | null, reason: string | null, winner: Side | null, draw_offer: Side | null, takeback_request: Side | null, claimable_draws: Array<ClaimReason>, check: boolean, legal: Array<string>, legal_san: Array<string>, disconnected: Disconnected, joined: boolean, players: Players, 
/**
 * Connected WebSocket viewers that are not the game's players.
 */
spectators: number, opening: Opening | null, rematch: Rematch, notice: Notice | null, 
/**
 * The update's sequence number (WebSocket states only).
 */
seq?: number, };

export type GameSummary = { id: string, mode: Mode, level: number | null, status: Status, result: string | null, reason: string | null, plies: number, 
/**
 * Moves counted as moves: `(plies + 1) / 2`.
 */
moves: number, players: Players, opening: Opening | null, created_at: number, 
/**
 * `null` while in play.
 */
finished_at: number | null, };

export type GameList = { games: Array<GameSummary>, page: number, per_page: number, total: number, };

export type MineRequest = { secrets: Array<string>, };

export type MyGame = { you: You, id: string, mode: Mode, level: number | null, status: Status, result: string | null, reason: string | null, plies: number, 
/**
 * Moves counted as moves: `(plies + 1) / 2`.
 */
moves: number, players: Players, opening: Opening | null, created_at: number, 
/**
 * `null` while in play.
 */
finished_at: number | null, };

export type MyGames = { games: Array<MyGame>, };

export type Explained = { legal: boolean, code?: string, message?: string, uci?: string, san?: string, fen_after?: string, };

export type Health = { ok: boolean, live_games: number, };

export type ErrorBody = { error: string, message: string, };

export type Action = { "t": "move", uci: string, } | { "t": "premove", uci: string | null, } | { "t": "offer_draw" } | { "t": "accept_draw" } | { "t": "decline_draw" } | { "t": "claim_draw", reason: ClaimReason, } | { "t": "claim_victory" } | { "t": "resign" } | { "t": "abort" } | { "t": "takeback_request" } | { "t": "takeback_accept" } | { "t": "takeback_decline" } | { "t": "rematch" } | { "t": "decline_rematch" };

export type Control = { "t": "ack", seq: number, } | { "t": "ping" };

export type ServerMsg = { "t": "hello", seq: number, you: You | null, state: GameView, 
/**
 * What you may do (all `false` for spectators).
 */
may: May, } | { "t": "state", seq: number, you: You | null, state: GameView, 
/**
 * What you may do (all `false` for spectators).
 */
may: May, } | { "t": "ok", id: unknown, } | { "t": "error", id: unknown, error: string, message: string, } | { "t": "pong", id: unknown, };

export type Phase = "edge" | "ladder" | "corner" | "w" | "mate" | "key_squares" | "promote" | "opposition" | "win_rook" | "approach" | "stalemate_trick";

export type VerdictKind = "optimal" | "slower" | "drawn" | "lost" | "held";

export type Why = "stalemate" | "hanging" | "fifty" | "other";

export type Ending = "mate" | "stalemate" | "fifty" | "insufficient";

export type LearnerResult = "won" | "drew" | "lost";

export type TbStatus = { classes_ready: number, classes_total: number, generating: boolean, 
/**
 * The class being generated now.
 */
current: string | null, 
/**
 * Why the last generation stopped, if it failed.
 */
error: string | null, };

export type TbMove = { uci: string, san: string, wdl: "win" | "draw" | "loss", dtm: number | null, };

export type TbProbe = { fen: string, wdl: "win" | "draw" | "loss", 
/**
 * Plies to mate with best play (`null` in a draw).
 */
dtm: number | null, moves: Array<TbMove>, };

export type ExerciseView = { key: string, class: string, goal: "win" | "draw", learner: "white" | "black", phases: Array<Phase>, 
/**
 * Every table the exercise can reach is there.
 */
ready: boolean, };

export type ExerciseList = { exercises: Array<ExerciseView>, };

export type StartExercise = { 
/**
 * `easy`, `medium` (the default) or `hard`.
 */
difficulty?: "easy" | "medium" | "hard", 
/**
 * The same seed gives the same position.
 */
seed?: number, };

export type Started = { fen: string, 
/**
 * Plies to mate (win exercises), `null` in a draw.
 */
dtm: number | null, 
/**
 * The learner's moves to mate with best play, `null` in a draw.
 */
optimal_moves: number | null, phase: Phase, };

export type ExerciseMove = { 
/**
 * The position the learner moves from, with its halfmove clock.
 */
fen: string, uci: string, };

export type VerdictView = { kind: VerdictKind, 
/**
 * `slower`: how many moves slower than the best move.
 */
by: number | null, why: Why | null, 
/**
 * `hanging`: the square of the piece left to be taken.
 */
square: string | null, };

export type MoveNames = { uci: string, san: string, };

export type Reply = { uci: string, san: string, fen: string, };

export type Over = { result: Ending, learner: LearnerResult, };

export type Played = { 
/**
 * The learner's move.
 */
san: string, 
/**
 * The position after the learner's move.
 */
fen: string, verdict: VerdictView, 
/**
 * The best move there was, unless the verdict is `optimal` or `held`.
 */
best: MoveNames | null, 
/**
 * `null` when the game ended with the learner's move.
 */
reply: Reply | null, 
/**
 * Plies to mate after the reply, the learner to move (`null` if drawn or over).
 */
dtm: number | null, phase: Phase | null, over: Over | null, };

export type Hint = { level: number, square?: string, uci?: string, san?: string, phase?: Phase, };

export type LessonTexts = { "zh-CN"?: string, "zh-TW"?: string, en?: string, };

export type LessonStage = { key: string, title: LessonTexts, };

export type LessonChoice = { text: LessonTexts, correct: boolean, why: LessonTexts, };

export type LessonStep = { goal: "read" | "quiz" | "reach" | "capture_all" | "check" | "mate" | "stalemate" | "escape" | "castle" | "en_passant" | "promote" | "defend" | "line" | "perpetual", fen: string | null, text: LessonTexts, arrows: Array<string>, highlights: Array<string>, targets: Array<string>, par: number | null, mate_in: number | null, checks: number | null, way: "run" | "block" | "capture" | null, side: "short" | "long" | null, piece: "q" | "r" | "b" | "n" | null, 
/**
 * Lines of UCI moves (who plays which: docs/LESSONS.md).
 */
solutions: Array<Array<string>>, choices: Array<LessonChoice>, success: LessonTexts | null, hint: LessonTexts | null, };

export type LessonView = { id: string, order: number, stage: string, title: LessonTexts, summary: LessonTexts, links: Array<string>, steps: Array<LessonStep>, };

export type LessonList = { stages: Array<LessonStage>, lessons: Array<LessonView>, };

export type LessonMove = { 
/**
 * The learner's moves already accepted in this step (UCI); the server replays them.
 */
moves: Array<string>, 
/**
 * The move to judge (UCI).
 */
uci: string, 
/**
 * The language of `why.text` (English when absent).
 */
lang?: "zh-CN" | "zh-TW" | "en", };

export type LessonMoveRef = { uci: string, san: string, };

export type LessonWhy = { 
/**
 * `illegal`, `lesson`, `stalemate`, `not_check`, … (docs/LESSONS.md).
 */
code: string, square: string | null, move: LessonMoveRef | null, way: "run" | "block" | "capture" | null, 
/**
 * The reason in the asked language.
 */
text: string, };

export type LessonMoved = { result: "continue" | "done" | "wrong" | "illegal", 
/**
 * `null` when illegal.
 */
san: string | null, 
/**
 * The position right after the learner's move (`null` when illegal).
 */
after: string | null, 
/**
 * The opponent's answer, when it moves.
 */
reply: LessonMoveRef | null, 
/**
 * Where the learner moves next (unchanged after a wrong or illegal move).
 */
fen: string, 
/**
 * The accepted learner moves now: send them with the next move.
 */
moves: Array<string>, 
/**
 * `reach`: the targets reached so far.
 */
collected: Array<string>, why: LessonWhy | null, };

export type LessonHint = { uci: string, from: string, to: string, };

export type OpeningTexts = { en: string, "zh-CN": string, "zh-TW": string, };

export type NamedOpening = { eco: string, key: string, name: OpeningTexts, plies: number, };

export type OpeningAnswer = { opening: NamedOpening | null, };

export type RepertoireLine = { uci: Array<string>, san: Array<string>, notes: Array<OpeningTexts | null>, };

export type Repertoire = { key: string, eco: string, name: OpeningTexts, 
/**
 * The side a learner trains by default.
 */
colour: "white" | "black", ideas: OpeningTexts, lines: Array<RepertoireLine>, };

export type RepertoireList = { openings: Array<Repertoire>, };

export type ExplorerMove = { uci: string, san: string, games: number, white: number, draws: number, black: number, };

export type Explorer = { fen: string, games: number, white: number, draws: number, black: number, moves: Array<ExplorerMove>, opening: NamedOpening | null, };

export type PuzzleThemeRef = { code: string, name: string, };

export type PuzzleView = { id: string, 
/**
 * The position with the solver to move (after the mistake).
 */
fen: string, 
/**
 * The position before the opponent's mistake.
 */
before: string, 
/**
 * The opponent's mistake, played from `before` (UCI and SAN).
 */
mistake: string, mistake_san: string, 
/**
 * The whole solution from `fen`: the solver's moves at even indices.
 */
moves: Array<string>, sans: Array<string>, themes: Array<PuzzleThemeRef>, 
/**
 * The puzzle's current rating (rounded) and deviation.
 */
rating: number, rd: number, 
/**
 * Attempts counted so far on this server.
 */
plays: number, goal: "mate" | "win" | "draw", 
/**
 * Mate puzzles: in how many solver moves.
 */
mate_in: number | null, 
/**
 * The legal moves at `fen` (UCI).
 */
legal: Array<string>, };

export type PuzzleThemeInfo = { code: string, name: string, description: string, count: number, };

export type PuzzleDrill = { lesson: string, themes: Array<string>, };

export type PuzzleThemes = { themes: Array<PuzzleThemeInfo>, drills: Array<PuzzleDrill>, };

export type PuzzleMove = { 
/**
 * The index in `moves` of the solver's move (even).
 */
ply: number, uci: string, 
/**
 * The language of `why` (else `?lang=`, else English).
 */
lang?: "zh-CN" | "zh-TW" | "en", };

export type PuzzleMoved = { 
/**
 * `right`: play on after `reply`; `solved`: the puzzle is done; `wrong`: a legal
 * move that is not the solution; `illegal`: not a legal move.
 */
verdict: "right" | "solved" | "wrong" | "illegal", 
/**
 * The move judged (UCI as the server reads it, SAN); `null` when illegal.
 */
uci: string | null, san: string | null, 
/**
 * `right`: the opponent's answer from the solution.
 */
reply: string | null, reply_san: string | null, 
/**
 * Where the solver moves next (`right`: after the reply; `wrong`, `illegal`:
 * unchanged; `solved`: after the solver's move).
 */
fen: string, 
/**
 * The legal moves at `fen` (empty once solved).
 */
legal: Array<string>, 
/**
 * `wrong`: the opponent's best answer and the line after it (a short search).
 */
refutation: Array<string>, refutation_san: Array<string>, 
/**
 * Why the move is wrong or illegal, in the asked language.
 */
why: string | null, 
/**
 * `wrong`: the solution's moves from this ply on.
 */
solution: Array<string> | null, };

export type PlayerRating = { rating: number, rd: number, vol: number, };

export type PuzzleAttempt = { solved: boolean, 
/**
 * The solver's rating before (a new solver's when absent: 1500/350/0.06).
 */
player?: PlayerRating, };

export type PuzzleRatingView = { rating: number, rd: number, plays: number, };

export type PuzzleAttempted = { 
/**
 * The solver's rating after the attempt (keep it for the next one).
 */
player: PlayerRating, 
/**
 * How much the solver's rating moved, rounded.
 */
delta: number, puzzle: PuzzleRatingView, };

export type ReviewRequest = { pgn: string, };

export type ReviewCreated = { id: string, };

export type ReviewStatus = "queued" | "running" | "done" | "failed";

export type ReviewProgress = { done: number, total: number, };

export type ReviewAccuracy = { white: number, black: number, };

export type ReviewEval = { "cp": number } | { "mate": number };

export type ReviewClass = "book" | "forced" | "best" | "excellent" | "good" | "inaccuracy" | "mistake" | "blunder";

export type ReviewTexts = { en: string, "zh-CN": string, "zh-TW": string, };

export type ReviewArrow = { from: string, to: string, };

export type ReviewExplanation = { text: ReviewTexts, arrows: Array<ReviewArrow>, 
/**
 * Squares to mark (`e4`).
 */
squares: Array<string>, };

export type ReviewMove = { 
/**
 * 1 for White's first move.
 */
ply: number, san: string, uci: string, 
/**
 * The position after the move.
 */
fen_after: string, eval_before: ReviewEval, eval_after: ReviewEval, 
/**
 * The engine's choice before the move (UCI and SAN), if it had one.
 */
best: string | null, best_san: string | null, 
/**
 * The engine's line from the position before the move (UCI), from `best` on.
 */
best_line: Array<string>, class: ReviewClass, explanation: ReviewExplanation | null, };

export type ReviewView = { id: string, 
/**
 * The server game reviewed; `null` for an uploaded PGN.
 */
game_id: string | null, status: ReviewStatus, progress: ReviewProgress, 
/**
 * The players as the PGN names them (`?` when it does not).
 */
white: string, black: string, 
/**
 * The game's result as PGN writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
 */
result: string, 
/**
 * The position the game starts from.
 */
start_fen: string, 
/**
 * Once done.
 */
accuracy: ReviewAccuracy | null, 
/**
 * Once done: every move of the game.
 */
moves: Array<ReviewMove>, 
/**
 * Once failed: why.
 */
error: string | null, };
