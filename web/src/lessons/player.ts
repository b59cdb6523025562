//! `/learn/{id}`: one lesson, step by step. The header names the lesson and shows the steps
//! as a row of dots (done, current, still to come); below, the current step's view (read,
//! quiz or a board task) and the buttons to go back and on. "Next" opens once the step is
//! done (Enter or → do the same when the focus is not on the board). The lesson's slips (wrong
//! answers, wrong or illegal moves, hints, moves over par) make its stars at the end, which
//! are kept with the step reached in the browser (`progress.ts`); the end offers the next
//! lesson, the lesson again, and the lesson's links (the endgame trainer …). A lesson that
//! teaches a tactic or a mate links its puzzle drill, in its header and at its end.

import type { Page } from "../app/router";
import { starText } from "../learn/coach";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import { course, isTask, lesson as fetchLesson, say, type Lesson, type Step } from "./api";
import { loadProgress, recordDone, recordStep, starsFor } from "./progress";
import { QuizView } from "./quiz";
import { ReadView } from "./read";
import { TaskView } from "./task";
import { drillFor, drillLinks } from "../puzzles/drill";
import type { ThemeRef } from "../puzzles/types";
import type { StepContext, StepView } from "./view";

/** A readable name for a lesson's link: an endgame exercise by its title, else the path. */
function linkText(host: Host, path: string): string {
  const eg = /^\/learn\/endgames\/([a-z0-9-]+)$/.exec(path);
  if (eg) return host.t(`ui.eg.${eg[1]}.title`);
  if (path === "/learn/endgames") return host.t("ui.lesson.to_endgames");
  if (path.startsWith("/learn/openings")) return host.t("ui.lesson.to_openings");
  return path;
}

export function lessonPage(host: Host, id: string): Page {
  const { t } = host;
  const root = el("div", { class: "lesson-player", "data-id": id });
  const head = el("header", { class: "lesson-head" });
  const stage = el("div", { class: "lesson-stage-area" });
  const prevButton = button("", () => go(index - 1), "lesson-prev secondary");
  const nextButton = button("", () => next(), "lesson-next primary");
  const nav = el("div", { class: "lesson-nav" }, [prevButton, nextButton]);
  let data: Lesson | null = null;
  let loadedIn = host.lang();
  let order: string[] = [];
  let unknown = false;
  let error: string | null = null;
  let index = 0;
  let view: StepView | null = null;
  let done = new Set<number>();
  let slips = 0;
  let finished = false;
  let stars = 0;
  let live = true;
  /** The themes of this lesson's puzzle drill (empty: none). */
  let drill: ThemeRef[] = [];
  let drillLang = host.lang();

  const step = (i: number): Step => data!.steps[i]; // views exist only once the lesson is loaded

  const context = (i: number): StepContext => ({
    host,
    id,
    index: i,
    step: () => step(i),
    slip: (count = 1) => {
      if (!done.has(i)) slips += count;
    },
    done: () => {
      if (done.has(i)) return;
      done.add(i);
      renderChrome();
      // A task just solved: the keyboard goes on to "next".
      if (isTask(step(i).goal) || step(i).goal === "quiz") nextButton.focus();
    },
  });

  const open = (i: number) => {
    view?.destroy();
    index = i;
    const s = step(i);
    const ctx = context(i);
    view = s.goal === "read" ? new ReadView(ctx) : s.goal === "quiz" ? new QuizView(ctx) : new TaskView(ctx);
    stage.replaceChildren(view.root);
    recordStep(id, i);
    renderChrome();
  };

  const go = (i: number) => {
    if (!data || i < 0 || i >= data.steps.length) return;
    finished = false;
    open(i);
  };

  const next = () => {
    if (!data || finished || !done.has(index)) return;
    if (index + 1 < data.steps.length) return go(index + 1);
    finish();
  };

  const finish = () => {
    view?.destroy();
    view = null;
    finished = true;
    stars = starsFor(slips);
    recordDone(id, stars);
    host.sound("end");
    render();
    (root.querySelector(".lesson-next-lesson, .lesson-to-map") as HTMLElement | null)?.focus();
  };

  const again = () => {
    done = new Set();
    slips = 0;
    finished = false;
    open(0);
    render();
  };

  let loading = false;
  const load = async () => {
    const l = host.lang();
    loading = true;
    try {
      const [les, all] = await Promise.all([fetchLesson(id, l), course(l)]);
      if (!live) return;
      const first = data === null;
      data = les;
      loadedIn = l;
      order = all.lessons.map((x) => x.id);
      error = null;
      if (first) {
        const p = loadProgress()[id];
        const at = p && !p.done ? Math.min(p.step, les.steps.length - 1) : 0;
        // Steps before the one resumed count as done (they were, in an earlier visit).
        for (let i = 0; i < at; i++) done.add(i);
        open(at);
      } else view?.render();
    } catch (e) {
      if (!live) return;
      if ((e as { code?: string }).code === "unknown_lesson") unknown = true;
      else error = (e as Error).message;
    }
    loading = false;
    render();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key !== "Enter" && e.key !== "ArrowRight") return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target?.closest(".board, input, textarea, select, [contenteditable], .promotion")) return;
    if (e.key === "Enter" && target?.closest("button, a")) return;
    if (!data || finished || !done.has(index)) return;
    e.preventDefault();
    next();
  };
  document.addEventListener("keydown", onKey);

  /** The header's step dots and the buttons, which change as steps are done. */
  const renderChrome = () => {
    if (!data) return;
    const total = data.steps.length;
    const dots = data.steps.map((s, i) => {
      const cls = ["lesson-dot", s.goal];
      if (done.has(i)) cls.push("done");
      if (i === index && !finished) cls.push("current");
      const label = t("ui.lesson.step_of", { n: i + 1, total }) + (done.has(i) ? " · " + t("ui.lesson.step_done") : "");
      const b = el("button", { type: "button", class: cls.join(" "), "aria-label": label, title: label }) as HTMLButtonElement;
      if (i === index && !finished) b.setAttribute("aria-current", "step");
      // A step may be opened again once reached: the ones done, and the next one.
      b.disabled = !(done.has(i) || i === index || done.has(i - 1));
      b.addEventListener("click", () => go(i));
      return b;
    });
    const dotsEl = head.querySelector(".lesson-dots");
    if (dotsEl) dotsEl.replaceChildren(...dots);
    const where = head.querySelector(".lesson-where");
    if (where) where.textContent = finished ? t("ui.lesson.finished") : t("ui.lesson.step_of", { n: index + 1, total });
    root.dataset.step = String(index);
    root.dataset.finished = String(finished);
    root.dataset.slips = String(slips);
    prevButton.textContent = t("ui.lesson.prev");
    prevButton.disabled = index === 0 || finished;
    nextButton.textContent = index + 1 < total ? t("ui.lesson.next") : t("ui.lesson.finish");
    nextButton.disabled = !done.has(index) || finished;
    nav.hidden = finished;
  };

  const finishedView = (): HTMLElement => {
    const at = order.indexOf(id);
    const following = at >= 0 ? order[at + 1] : undefined;
    const links = data?.links ?? [];
    return el("section", { class: "lesson-result", "data-stars": String(stars), role: "status", "aria-live": "polite" }, [
      el("p", { class: "lesson-over" }, [t("ui.lesson.lesson_done")]),
      el("p", { class: "lesson-stars big", "aria-label": t("ui.lesson.stars", { n: stars }) }, [starText(stars)]),
      el("p", { class: "lesson-slips" }, [slips === 0 ? t("ui.lesson.no_slips") : t("ui.lesson.slips", { n: slips })]),
      el("div", { class: "lesson-actions" }, [
        following
          ? el("a", { href: "/learn/" + following, class: "button primary lesson-next-lesson" }, [t("ui.lesson.next_lesson")])
          : el("a", { href: "/learn", class: "button primary lesson-to-map" }, [t("ui.lesson.all")]),
        button(t("ui.lesson.again"), again, "lesson-again secondary"),
        ...(following ? [el("a", { href: "/learn", class: "button secondary lesson-to-map" }, [t("ui.lesson.all")])] : []),
      ]),
      ...(drill.length ? [drillLinks(host, drill, "lesson-drill-end")] : []),
      ...(links.length
        ? [el("nav", { class: "lesson-links", "aria-label": t("ui.lesson.see_also") }, [el("span", {}, [t("ui.lesson.see_also")]), ...links.map((p) => el("a", { href: p }, [linkText(host, p)]))])]
        : []),
    ]);
  };

  const render = () => {
    if (!live) return;
    if (data && !loading && loadedIn !== host.lang()) void load();
    if (drillLang !== host.lang()) loadDrill();
    const back = el("a", { href: "/learn", class: "lesson-back" }, ["← ", t("ui.lesson.all")]);
    if (unknown) {
      document.title = `${t("ui.lesson.title")} · ${t("ui.title")}`;
      root.replaceChildren(back, el("p", { class: "error", role: "alert" }, [t("ui.lesson.unknown")]));
      return;
    }
    if (!data) {
      document.title = `${t("ui.lesson.title")} · ${t("ui.title")}`;
      root.replaceChildren(back, error ? el("p", { class: "error", role: "alert" }, [t("ui.lesson.error", { message: error })]) : el("p", { class: "empty" }, ["…"]));
      return;
    }
    const title = say(data.title, host.lang());
    document.title = `${title} · ${t("ui.title")}`;
    head.replaceChildren(
      back,
      el("h1", {}, [title]),
      ...(drill.length ? [drillLinks(host, drill, "lesson-drill-head")] : []),
      el("p", { class: "lesson-where", "aria-live": "polite" }),
      el("div", { class: "lesson-dots", role: "group", "aria-label": t("ui.lesson.steps") }),
    );
    const parts: HTMLElement[] = [head];
    if (error) parts.push(el("p", { class: "error", role: "alert" }, [t("ui.lesson.error", { message: error })]));
    if (finished) parts.push(finishedView());
    else {
      view?.render();
      parts.push(stage, nav);
    }
    root.replaceChildren(...parts);
    renderChrome();
  };

  render();
  void load();
  const loadDrill = () => {
    const l = host.lang();
    drillLang = l;
    void drillFor(id, l).then((found) => {
      if (!live || drillLang !== l) return;
      const had = drill.length > 0;
      drill = found;
      if (found.length || had) render();
    });
  };
  loadDrill();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      view?.destroy();
      document.removeEventListener("keydown", onKey);
    },
  };
}
