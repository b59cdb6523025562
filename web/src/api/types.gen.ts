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

export type Berserked = { white: boolean, black: boolean, };

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
 * Who berserked: that side's clock was halved and has no increment.
 */
berserk: Berserked, 
/**
 * The update's sequence number (WebSocket states only).
 */
seq?: number, };

export type May = { move: boolean, abort: boolean, resign: boolean, offer_draw: boolean, accept_draw: boolean, claim_draw: Array<ClaimReason>, claim_victory: boolean, takeback: boolean, accept_takeback: boolean, 
/**
 * Offer (friend games) or start (computer, hot-seat) a rematch.
 */
rematch: boolean, decline_rematch: boolean, 
/**
 * Berserk now (an arena game, before one's first move, not yet berserked).
 */
berserk: boolean, };

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
 * Who berserked: that side's clock was halved and has no increment.
 */
berserk: Berserked, 
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

export type Action = { "t": "move", uci: string, } | { "t": "premove", uci: string | null, } | { "t": "offer_draw" } | { "t": "accept_draw" } | { "t": "decline_draw" } | { "t": "claim_draw", reason: ClaimReason, } | { "t": "claim_victory" } | { "t": "resign" } | { "t": "abort" } | { "t": "takeback_request" } | { "t": "takeback_accept" } | { "t": "takeback_decline" } | { "t": "rematch" } | { "t": "decline_rematch" } | { "t": "berserk" };

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

export type Credentials = { name: string, password: string, };

export type Prefs = { 
/**
 * `zh-CN`, `zh-TW` or `en`.
 */
lang?: string, 
/**
 * `flat`, `relief` or `cartoon`.
 */
pieces?: string, 
/**
 * `wood`, `jade` or `ocean`.
 */
board?: string, };

export type Me = { name: string, admin: boolean, 
/**
 * Milliseconds since the Unix epoch.
 */
created_at: number, prefs: Prefs, };

export type PasswordChange = { old: string, new: string, };

export type Done = { ok: boolean, };

export type SeatView = { color: Side, secret: string, };

export type PlayerCard = { name: string, 
/**
 * Before the game once it is rated, otherwise now; `null` for a game
 * without a speed class (no clock).
 */
rating: number | null, provisional: boolean, 
/**
 * The ladder rank's code in the game's speed class.
 */
rank: string, 
/**
 * The rating change, once the rated game ended and was rated.
 */
diff: number | null, };

export type PlayersView = { rated: boolean, 
/**
 * `bullet`, `blitz`, `rapid`, `classical`; `null` without a clock.
 */
speed: string | null, tournament: string | null, white: PlayerCard, black: PlayerCard, };

export type ProfileRating = { speed: string, rating: number, rd: number, provisional: boolean, games: number, rank: string, 
/**
 * The rating the next rank needs (`null` at 7段).
 */
next_threshold: number | null, };

export type GameCounts = { games: number, rated: number, wins: number, losses: number, draws: number, };

export type ProfileView = { name: string, 
/**
 * Every speed class, fastest first (1500?, 10级 without games).
 */
ratings: Array<ProfileRating>, 
/**
 * The highest rank over the speed classes.
 */
rank: string, counts: GameCounts, };

export type RatingPoint = { at: number, rating: number, rd: number, rank: string, game: string, };

export type RatingSeries = { speed: string, points: Array<RatingPoint>, };

export type RatingHistory = { series: Array<RatingSeries>, };

export type PlayerOutcome = "win" | "loss" | "draw";

export type ProfileGame = { id: string, white: string, black: string, 
/**
 * The profile owner's colour.
 */
color: Side, rated: boolean, speed: string | null, 
/**
 * `waiting`, `active`, `finished`.
 */
status: string, 
/**
 * `1-0`, `0-1`, `1/2-1/2`, `*`; `null` while played.
 */
result: string | null, reason: string | null, 
/**
 * For the owner; `null` while played or aborted.
 */
outcome: PlayerOutcome | null, 
/**
 * The owner's rating change, once rated.
 */
diff: number | null, created_at: number, finished_at: number | null, };

export type ProfileGames = { games: Array<ProfileGame>, total: number, 
/**
 * From 1.
 */
page: number, pages: number, };

export type NormGameIn = { 
/**
 * FIDE rating; `null` for an unrated opponent (counts as 1400).
 */
rating: number | null, 
/**
 * `GM`, `IM`, `FM`, `CM`, `WGM`, `WIM`, `WFM`, `WCM`, or `null`.
 */
title: string | null, 
/**
 * Three-letter federation code (`CHN`); `FID` for FIDE.
 */
federation: string, 
/**
 * `win`, `draw` or `loss`.
 */
result: PlayerOutcome, };

export type NormRequest = { 
/**
 * `GM`, `IM`, `WGM` or `WIM`.
 */
title: string, 
/**
 * The norm seeker's federation.
 */
federation: string, games: Array<NormGameIn>, 
/**
 * The event is exempt from 1.4.3–1.4.4 (e.g. a national championship final).
 */
federation_rules_exempt: boolean, };

export type NormPerformance = { average: number, percent: number, dp: number, rating: number, };

export type NormRaised = { 
/**
 * Index into the request's `games`.
 */
game: number, from: number, to: number, };

export type NormFailure = { 
/**
 * `too_few_games`, `too_few_foreign_federations`, `too_many_from_own_federation`,
 * `too_many_from_one_federation`, `too_few_title_holders`, `too_few_of_the_title`,
 * `average_too_low`, `score_too_low`, `performance_too_low`.
 */
code: string, 
/**
 * The article of the FIDE Title Regulations, e.g. `1.4.1`.
 */
rule: string, found: number, needed: number, 
/**
 * For `too_many_from_one_federation`: which.
 */
federation: string | null, 
/**
 * In English.
 */
message: string, };

export type NormReportView = { title: string, games: number, 
/**
 * Points (7½ is 7.5), as half points.
 */
half_points: number, performance: NormPerformance | null, raised: NormRaised | null, norm: boolean, failures: Array<NormFailure>, };

export type RoomKey = "main" | "beginners" | "blitz" | "rapid" | "masters" | "club";

export type SeekColor = "white" | "black" | "random";

export type SeekRequest = { 
/**
 * `"M+S"`: 1–180 minutes, 0–180 seconds a move.
 */
clock: string, rated: boolean, color?: SeekColor, 
/**
 * The lowest rating (of the seek's speed) that may accept.
 */
min_rating?: number, 
/**
 * The highest rating that may accept.
 */
max_rating?: number, room?: RoomKey, };

export type PoolRequest = { 
/**
 * `1+0`, `3+2`, `5+0`, `10+5`, `15+10` or `30+20`.
 */
clock: string, rated: boolean, 
/**
 * The hall whose games list shows the game.
 */
room?: RoomKey, };

export type ChallengeRequest = { user: string, clock: string, rated: boolean, color?: SeekColor, room?: RoomKey, };

export type SeekCreated = { id: string, };

export type StartedGame = { game: string, color: Side, };

export type SeekView = { id: string, user: string, 
/**
 * The owner's rating of this speed when the seek was made.
 */
rating: number, provisional: boolean, 
/**
 * The owner's ladder rank (code).
 */
rank: string, clock: string, 
/**
 * `bullet`, `blitz`, `rapid` or `classical`.
 */
speed: string, rated: boolean, color: SeekColor, min_rating: number | null, max_rating: number | null, room: RoomKey, created_at: number, };

export type ChallengeView = { id: string, from: string, to: string, rating: number, rank: string, clock: string, speed: string, rated: boolean, 
/**
 * The sender's colour.
 */
color: SeekColor, room: RoomKey, created_at: number, };

export type PlayerView = { name: string, 
/**
 * Blitz rating and its ladder rank, as when the user came in.
 */
rating: number, rank: string, 
/**
 * The halls the user's pages show.
 */
rooms: Array<RoomKey>, };

export type LiveGameView = { id: string, white: string, black: string, clock: string, rated: boolean, room: RoomKey, started_at: number, watch_url: string, };

export type RoomView = { key: RoomKey, players: number, seeks: number, games: number, };

export type PoolView = { clock: string, rated: boolean, since: number, };

export type LobbyRating = { speed: string, rating: number, provisional: boolean, rank: string, };

export type LobbyView = { 
/**
 * The viewer's name (`null`: not signed in: may watch, not play).
 */
you: string | null, room: RoomKey, rooms: Array<RoomView>, 
/**
 * This hall's open seeks, oldest first.
 */
seeks: Array<SeekView>, 
/**
 * Everyone online in the lobby.
 */
players: Array<PlayerView>, 
/**
 * This hall's games in play.
 */
games: Array<LiveGameView>, 
/**
 * Challenges sent or received by the viewer.
 */
challenges: Array<ChallengeView>, pool: PoolView | null, 
/**
 * The viewer's ratings (empty when not signed in).
 */
ratings: Array<LobbyRating>, 
/**
 * Games started for the viewer in the last minute.
 */
started: Array<StartedGame>, };

export type LobbyAction = { "t": "seek", id?: unknown, clock: string, rated: boolean, color?: SeekColor, min_rating?: number, max_rating?: number, } | { "t": "cancel", id?: unknown, seek: string, } | { "t": "accept", id?: unknown, seek: string, } | { "t": "pool", id?: unknown, clock: string, rated: boolean, } | { "t": "leave_pool", id?: unknown, } | { "t": "challenge", id?: unknown, user: string, clock: string, rated: boolean, color?: SeekColor, } | { "t": "decline", id?: unknown, challenge: string, } | { "t": "room", id?: unknown, room: RoomKey, } | { "t": "ping", id?: unknown, };

export type LobbyMsg = { "t": "hello", lobby: LobbyView, } | { "t": "update", seeks_added: Array<SeekView>, seeks_removed: Array<string>, games_added: Array<LiveGameView>, games_removed: Array<string>, 
/**
 * Players who came in or changed halls.
 */
players_on: Array<PlayerView>, players_off: Array<string>, 
/**
 * The halls' counts, when they changed.
 */
rooms?: Array<RoomView>, } | { "t": "challenge", challenge: ChallengeView, } | { "t": "challenge_gone", id: string, } | { "t": "declined", challenge: string, by: string, } | { "t": "pool", pool: PoolView | null, } | { "t": "started", game: string, color: Side, } | { "t": "ok", id: unknown, seek?: string, } | { "t": "error", id: unknown, error: string, message: string, } | { "t": "pong", id: unknown, };

export type TournamentKind = "round_robin" | "double_round_robin" | "swiss" | "arena";

export type TournamentPhase = "scheduled" | "running" | "finished" | "cancelled";

export type CreateTournament = { 
/**
 * 1–60 characters.
 */
name: string, kind: TournamentKind, 
/**
 * Wall-clock ms (Unix epoch); at most 90 days ahead; a past time starts now.
 */
starts_at: number, 
/**
 * Swiss: 1–20 rounds (round robins: from the number of players; arena: none).
 */
rounds: number | null, 
/**
 * Arena: the duration, 5–600 minutes.
 */
minutes: number | null, 
/**
 * The games' clock (timed).
 */
control: TimeControl, rated: boolean, 
/**
 * A player who has not moved this many seconds after the game started loses
 * by forfeit (1–3600; 60 when absent).
 */
forfeit_after_s: number | null, 
/**
 * Arena: whether its players may berserk (true when absent); other kinds:
 * absent or false.
 */
berserk?: boolean, };

export type TournamentSummary = { id: string, name: string, kind: TournamentKind, status: TournamentPhase, starts_at: number, 
/**
 * Arena: when pairing stops.
 */
ends_at: number | null, players: number, 
/**
 * Planned rounds (arena: 0).
 */
rounds: number, 
/**
 * Rounds paired so far.
 */
round: number, control: TimeControl, rated: boolean, forfeit_after_s: number, 
/**
 * Arena: its players may berserk.
 */
berserk: boolean, 
/**
 * The creator's name.
 */
created_by: string, };

export type TournamentList = { tournaments: Array<TournamentSummary>, };

export type TournamentPlayer = { 
/**
 * Starting rank (before the start: the order of joining).
 */
rank: number, name: string, rating: number, 
/**
 * Points (arena: arena points).
 */
score: number, withdrawn: boolean, 
/**
 * Arena: paused after a forfeit until the player joins again.
 */
paused: boolean, };

export type TournamentBoard = { 
/**
 * 1-based.
 */
board: number, 
/**
 * Starting ranks.
 */
white: number, black: number, 
/**
 * The game (`/play/{id}`, `/api/games/{id}`), once started.
 */
game: string | null, 
/**
 * `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`; `null` while played.
 */
result: string | null, 
/**
 * Arena: who berserked, known once the game has ended.
 */
berserk: Berserked, };

export type TournamentRound = { round: number, boards: Array<TournamentBoard>, 
/**
 * The player without a game (round robin: no points; Swiss: a point).
 */
bye: number | null, };

export type TournamentStanding = { 
/**
 * Shared by players tied on everything.
 */
place: number, rank: number, name: string, score: number, 
/**
 * In the order of [`TournamentView::tiebreaks`].
 */
tiebreaks: Array<number>, };

export type TournamentCross = { rank: number, name: string, cells: Array<string>, score: number, };

export type TournamentMe = { 
/**
 * In the tournament (and not withdrawn).
 */
joined: boolean, 
/**
 * The viewer's game being played, if any.
 */
game: string | null, 
/**
 * The creator or an admin: may start it now or cancel it before the start.
 */
can_manage: boolean, };

export type TournamentView = { info: TournamentSummary, players: Array<TournamentPlayer>, pairings: Array<TournamentRound>, 
/**
 * Arena: its games, latest first.
 */
arena: Array<TournamentBoard>, 
/**
 * The tie-breaks' FIDE C.07 codes (`BH-C1`, `BH`, `SB`, `DE`, `WIN`, `KS`).
 */
tiebreaks: Array<string>, standings: Array<TournamentStanding>, 
/**
 * Empty for an arena.
 */
crosstable: Array<TournamentCross>, 
/**
 * `null` when not signed in.
 */
me: TournamentMe | null, };
