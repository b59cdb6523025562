//! Waiting for the tables without blocking the page: polls `GET /api/tb/status` while classes
//! are still being generated, and words the progress line ("3 of 35 ready, now KBNK").

import { el } from "../ui";
import { tbStatus, type TbStatus } from "./api";

type T = (key: string, args?: Record<string, string | number>) => string;

const EVERY_MS = 1500;

/** Calls `seen` with each status until `stop()`; a failed poll is tried again later. */
export function watchTables(seen: (s: TbStatus) => void): { stop(): void } {
  let live = true;
  let timer = 0;
  const tick = async () => {
    try {
      const s = await tbStatus();
      if (live) seen(s);
    } catch {
      /* the server is busy or restarting: ask again */
    }
    if (live) timer = window.setTimeout(() => void tick(), EVERY_MS);
  };
  void tick();
  return {
    stop: () => {
      live = false;
      clearTimeout(timer);
    },
  };
}

/** The progress line for a status: how many classes are ready, which one is being made, or
 *  why none will come. */
export function progressLine(t: T, s: TbStatus | null): HTMLElement {
  const box = el("p", { class: "eg-progress", role: "status", "aria-live": "polite" });
  if (!s) {
    box.textContent = "…";
    return box;
  }
  if (s.error) {
    box.textContent = t("ui.eg.tb_error", { error: s.error });
    box.classList.add("error");
    return box;
  }
  const parts = [t("ui.eg.preparing", { ready: s.classes_ready, total: s.classes_total })];
  if (s.current) parts.push(t("ui.eg.preparing_now", { class: s.current }));
  box.append(parts.join(" "));
  box.append(
    el("progress", { max: String(Math.max(1, s.classes_total)), value: String(s.classes_ready), "aria-hidden": "true" }),
  );
  return box;
}
