//! `/puzzles`, `/puzzles/{id}` and `/puzzles?themes=a,b`: the puzzle trainer. One puzzle
//! after another near the solver's rating (kept in the browser, `store.ts`), moved by the
//! difficulty (easier / as rated / harder: −300 / 0 / +300) and limited to the chosen themes
//! (`picker.ts`; the query's `themes` chooses them, as the lessons' drill links do); the last
//! puzzles seen are not given again. A puzzle's first try is sent to the server, which answers
//! with the solver's new rating (`POST /api/puzzles/{id}/attempt`); the result shows it with
//! the puzzle's themes, and "next" (or Enter, → when the focus is not on the board or a
//! control) opens the next. The address follows the puzzle shown (`/puzzles/{id}`, the chosen
//! themes kept in the query), so a reload or a shared link shows the same puzzle. The "mate
//! in one" and "mate in two" drills are linked at the top.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import { analysisHref } from "./analysis";
import * as api from "./api";
import { difficultyPicker, ThemePicker, themesOf } from "./picker";
import { PuzzleRun } from "./play";
import { resultView, type Rated } from "./result";
import { load, player, recent, record, setDifficulty, target, tried } from "./store";
import type { PuzzleView, ThemeList } from "./types";

/** How many of the last puzzles are not given again. */
const EXCLUDE_RECENT = 50;
/** A deviation above this marks the rating as provisional. */
const PROVISIONAL_RD = 110;
/** The drills every reader is offered: mate in one, mate in two. */
const MATE_DRILLS = [
  { code: "mateIn1", key: "ui.pz.drill.mate1" },
  { code: "mateIn2", key: "ui.pz.drill.mate2" },
];

export function puzzlesPage(host: Host, id: string | null): Page {
  const { t } = host;
  const root = el("div", { class: "pz-trainer" });
  const head = el("header", { class: "pz-head" });
  const stage = el("div", { class: "pz-stage" });
  let themeList: ThemeList | null = null;
  let listLang = host.lang();
  let run: PuzzleRun | null = null;
  let rated: Rated = { state: "pending" };
  let solved: boolean | null = null;
  let live = true;
  /** Counts loads, so that an answer for an older one is dropped. */
  let seq = 0;
  /** Whether the reader asked for the puzzle (next, a theme): the board then takes the focus. */
  let asked = false;
  const seen: string[] = [];
  let debounce = 0;

  const picker = new ThemePicker(host, themesOf(location.search), () => {
    clearTimeout(debounce);
    seq++; // an answer to the themes chosen before is not shown
    // Several boxes ticked in a row make one new puzzle.
    debounce = window.setTimeout(() => void nextPuzzle(false), 350);
  });

  const nameOf = (code: string): string =>
    themeList?.themes.find((x) => x.code === code)?.name ?? run?.view.themes.find((x) => x.code === code)?.name ?? code;

  const loadThemes = () => {
    const l = host.lang();
    api.themes(l).then(
      (list) => {
        if (!live || host.lang() !== l) return;
        themeList = list;
        listLang = l;
        picker.setList(list.themes);
        renderResult();
      },
      () => undefined,
    );
  };

  /** The address of the puzzle shown, with the chosen themes. */
  const address = (pid: string): string => {
    const q = picker.value.length ? "?themes=" + picker.value.join(",") : "";
    return `/puzzles/${encodeURIComponent(pid)}${q}`;
  };

  /** Shows puzzle `v`; `asked`: the themes it was asked with (null: asked by its id). */
  const show = (v: PuzzleView, askedFor: string[] | null = null) => {
    run?.destroy();
    rated = { state: "pending" };
    solved = null;
    if (!seen.includes(v.id)) seen.push(v.id);
    run = new PuzzleRun(host, v, {
      firstTry: (ok) => void rate(v, ok),
      finished: (ok) => {
        solved = ok;
        renderResult();
        (root.querySelector(".pz-next") as HTMLElement | null)?.focus();
      },
    });
    // The themes asked for, so that a reader (and a test) can tell this answer from an older one.
    run.root.dataset.asked = askedFor ? [...askedFor].sort().join(",") : "";
    stage.replaceChildren(run.root);
    history.replaceState(null, "", address(v.id));
    document.title = `${t("ui.pz.title")} · ${t("ui.title")}`;
    if (asked) run.focusBoard();
    renderMe();
  };

  /** Sends a first try and keeps the rating it brings (once per puzzle: a puzzle tried before
   *  is not rated again). */
  const rate = async (v: PuzzleView, ok: boolean) => {
    if (tried(v.id)) {
      rated = { state: "unrated" };
      return renderResult();
    }
    const solver = player();
    let now: Rated;
    try {
      const a = await api.attempt(v.id, { solved: ok, player: solver });
      record(v.id, ok, a.player, a.delta);
      now = { state: "rated", solved: ok, delta: a.delta, rating: a.player.rating, puzzleRating: a.puzzle.rating };
    } catch (e) {
      // Kept as tried all the same: a second try must not count as a first.
      record(v.id, ok, solver, 0);
      now = { state: "error", message: (e as Error).message };
    }
    if (!live) return;
    renderMe();
    // The reader may have gone on to another puzzle meanwhile.
    if (run?.view.id !== v.id) return;
    rated = now;
    renderResult();
  };

  const fail = (text: string, extra: HTMLElement[] = []) => {
    run?.destroy();
    run = null;
    stage.replaceChildren(el("div", { class: "pz-message" }, [el("p", { class: "error", role: "alert" }, [text]), ...extra]));
  };

  /** Asks for the next puzzle (near the rating, the chosen themes, none just seen). */
  const nextPuzzle = async (byReader: boolean) => {
    asked = byReader;
    const mine = ++seq;
    const store = load();
    const exclude = [...new Set([...seen, ...recent(EXCLUDE_RECENT)])].slice(-EXCLUDE_RECENT);
    const want = { rating: target(store), themes: picker.value, exclude };
    stage.setAttribute("aria-busy", "true");
    try {
      let v: PuzzleView;
      try {
        v = await api.next(want, host.lang());
      } catch (e) {
        // Everything with these themes seen lately: the least recent may come again.
        if ((e as { code?: string }).code !== "no_puzzle" || !exclude.length) throw e;
        v = await api.next({ ...want, exclude: run ? [run.view.id] : [] }, host.lang());
      }
      if (!live || mine !== seq) return;
      show(v, want.themes);
    } catch (e) {
      if (!live || mine !== seq) return;
      if ((e as { code?: string }).code === "no_puzzle") {
        history.replaceState(null, "", "/puzzles" + (picker.value.length ? "?themes=" + picker.value.join(",") : ""));
        fail(t("ui.pz.none"), [button(t("ui.pz.themes_clear"), () => picker.setChosen([]), "pz-none-clear secondary")]);
      } else fail(t("ui.pz.error", { message: (e as Error).message }));
    } finally {
      if (mine === seq) stage.removeAttribute("aria-busy");
    }
  };

  const open = async (pid: string) => {
    const mine = ++seq;
    try {
      const v = await api.puzzle(pid, host.lang());
      if (live && mine === seq) show(v);
    } catch (e) {
      if (!live || mine !== seq) return;
      const unknown = (e as { status?: number }).status === 404;
      fail(unknown ? t("ui.pz.unknown", { id: pid }) : t("ui.pz.error", { message: (e as Error).message }), [
        el("a", { href: "/puzzles", class: "button secondary" }, [t("ui.pz.to_trainer")]),
      ]);
    }
  };

  const me = el("div", { class: "pz-me" });

  /** The solver's rating and tally (after each rated try). */
  const renderMe = () => {
    const s = load();
    const solvedCount = s.history.filter((h) => h.solved).length;
    const ratingText = t("ui.pz.your_rating", { rating: Math.round(s.rating) }) + (s.rd > PROVISIONAL_RD ? (host.lang() === "en" ? " " : "") + t("ui.pz.provisional") : "");
    me.replaceChildren(
      el("p", { class: "pz-rating", "data-rating": String(Math.round(s.rating)), "data-rd": String(Math.round(s.rd)) }, [ratingText]),
      el("p", { class: "pz-tally" }, [t("ui.pz.tally", { solved: solvedCount, total: s.history.length })]),
    );
  };

  /** The header: drawn at first and when the language changes, not with each puzzle, so that
   *  the focus stays on the control the reader is using. */
  const renderHead = () => {
    renderMe();
    head.replaceChildren(
      el("h1", {}, [t("ui.pz.title")]),
      me,
      el("div", { class: "pz-choices" }, [
        difficultyPicker(host, load().difficulty, (d) => {
          setDifficulty(d);
          if (!run || run.isDone || run.root.dataset.tries === "0") void nextPuzzle(false);
        }),
        picker.root,
      ]),
      el("nav", { class: "pz-drills", "aria-label": t("ui.pz.drills") }, [
        el("span", {}, [t("ui.pz.drills")]),
        ...MATE_DRILLS.map((d) => el("a", { href: "/puzzles?themes=" + d.code, class: "pz-drill", "data-code": d.code }, [t(d.key)])),
      ]),
    );
    picker.render();
  };

  const renderResult = () => {
    if (!live || !run) return;
    run.side.querySelector(".pz-result")?.remove();
    if (solved === null) return;
    run.side.append(
      resultView({
        host,
        view: run.view,
        solved,
        rated,
        nameOf,
        next: () => void nextPuzzle(true),
        analysis: analysisHref(run.fen(), run.solver),
      }),
    );
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key !== "Enter" && e.key !== "ArrowRight") return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target?.closest(".board, input, textarea, select, summary, button, a, [contenteditable], .promotion")) return;
    if (!run?.isDone) return;
    e.preventDefault();
    void nextPuzzle(true);
  };
  document.addEventListener("keydown", onKey);

  const render = () => {
    if (!live) return;
    document.title = `${t("ui.pz.title")} · ${t("ui.title")}`;
    if (listLang !== host.lang()) loadThemes();
    renderHead();
    run?.render();
    renderResult();
  };

  root.append(head, stage);
  stage.append(el("p", { class: "empty" }, ["…"]));
  renderHead();
  loadThemes();
  if (id) void open(id);
  else void nextPuzzle(false);
  return {
    root,
    render,
    destroy: () => {
      live = false;
      clearTimeout(debounce);
      run?.destroy();
      document.removeEventListener("keydown", onKey);
    },
  };
}
