//! `/review`: a PGN to review, pasted or read from a file (the first game of it), sent to
//! `POST /api/reviews`; the answer's id opens `/review/{id}`. A refused PGN shows the
//! server's reason (what is wrong and where); too many reviews at once show when to try again.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import * as api from "./api";

/** The most a PGN may weigh (the server's limit, contract18 §3). */
const MAX_BYTES = 64 * 1024;

/** Opens a page of the app by its path (the router listens to `popstate`). */
export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function uploadPage(host: Host): Page {
  const { t } = host;
  const root = el("div", { class: "rv-upload" });
  const text = el("textarea", { class: "rv-pgn", rows: "12", spellcheck: "false" }) as HTMLTextAreaElement;
  const file = el("input", { type: "file", accept: ".pgn,text/plain,application/x-chess-pgn", class: "rv-file" }) as HTMLInputElement;
  const message = el("p", { class: "rv-upload-error error", role: "alert" });
  let busy = false;
  let live = true;

  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (!f) return;
    if (f.size > MAX_BYTES) {
      message.textContent = t("ui.rv.too_large");
      return;
    }
    void f.text().then((s) => {
      text.value = s;
      message.textContent = "";
    });
  });

  const send = async () => {
    if (busy) return;
    const pgn = text.value.trim();
    if (!pgn) {
      message.textContent = t("ui.rv.empty");
      return;
    }
    if (new TextEncoder().encode(pgn).length > MAX_BYTES) {
      message.textContent = t("ui.rv.too_large");
      return;
    }
    busy = true;
    message.textContent = "";
    root.setAttribute("aria-busy", "true");
    try {
      const r = await api.fromPgn(pgn);
      if (live) navigate("/review/" + encodeURIComponent(r.id));
    } catch (e) {
      if (!live) return;
      const err = e as { status?: number; message?: string };
      message.textContent =
        err.status === 429 ? t("ui.rv.busy")
        : err.status === 503 ? t("ui.rv.full")
        : err.status === 400 ? t("ui.rv.bad_pgn", { message: err.message ?? "" })
        : t("ui.rv.error", { message: err.message ?? "" });
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  };

  const render = () => {
    document.title = `${t("ui.rv.title")} · ${t("ui.title")}`;
    root.replaceChildren(
      el("h1", {}, [t("ui.rv.title")]),
      el("p", { class: "rv-upload-help" }, [t("ui.rv.upload_help")]),
      el("label", { class: "rv-field" }, [el("span", {}, [t("ui.rv.paste")]), text]),
      el("label", { class: "rv-field" }, [el("span", {}, [t("ui.rv.file")]), file]),
      button(t("ui.rv.submit"), () => void send(), "rv-submit primary"),
      message,
    );
  };
  render();
  return { root, render, destroy: () => (live = false) };
}
