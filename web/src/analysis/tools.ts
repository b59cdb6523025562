//! The analysis board's tools under the move list: the current move's comment (written as the
//! reader types), deleting the move and what follows, promoting its variation; the position's
//! FEN; importing a PGN or a FEN pasted in a box; exporting the tree as PGN (shown, copied,
//! downloaded as a file). Errors are worded in the page's language.

import type { Host } from "../learn/host";
import { button, el } from "../ui";
import type { Node } from "./tree";

export interface ToolsEvents {
  comment(text: string): void;
  remove(): void;
  promote(): void;
  /** A pasted text: a PGN or a FEN. Returns an error message or null. */
  load(text: string): string | null;
  /** The tree as PGN. */
  pgn(): string;
}

export class Tools {
  readonly root = el("section", { class: "an-tools" });
  private commentBox = el("textarea", { class: "an-comment-box", rows: "2" }) as HTMLTextAreaElement;
  private removeButton: HTMLButtonElement;
  private promoteButton: HTMLButtonElement;
  private fen = el("input", { class: "an-fen", readonly: "", spellcheck: "false" }) as HTMLInputElement;
  private input = el("textarea", { class: "an-import", rows: "4", spellcheck: "false" }) as HTMLTextAreaElement;
  private loadButton: HTMLButtonElement;
  private error = el("p", { class: "an-error", role: "alert" });
  private output = el("textarea", { class: "an-pgn", rows: "6", readonly: "", spellcheck: "false" }) as HTMLTextAreaElement;
  private exportButton: HTMLButtonElement;
  private copyButton: HTMLButtonElement;
  private downloadButton: HTMLButtonElement;
  /** To the board editor with this position, and to game review. */
  private editorLink = el("a", { class: "an-editor-link button secondary" }) as HTMLAnchorElement;
  private reviewLink = el("a", { class: "an-review-link button secondary", href: "/review" }) as HTMLAnchorElement;
  private labels: Record<string, HTMLElement> = {};
  private node: Node | null = null;

  constructor(
    private host: Host,
    private events: ToolsEvents,
  ) {
    this.commentBox.addEventListener("input", () => this.events.comment(this.commentBox.value));
    this.removeButton = button("", () => this.events.remove(), "an-delete secondary");
    this.promoteButton = button("", () => this.events.promote(), "an-promote secondary");
    this.loadButton = button("", () => this.load(), "an-load");
    this.exportButton = button("", () => this.showPgn(), "an-export secondary");
    this.copyButton = button("", () => void this.copy(), "an-copy secondary");
    this.downloadButton = button("", () => this.download(), "an-download secondary");
    this.fen.addEventListener("focus", () => this.fen.select());
    const label = (key: string, control: HTMLElement) => {
      const l = el("label", { class: "an-label" }, [el("span", {}), control]);
      this.labels[key] = l.firstChild as HTMLElement;
      return l;
    };
    this.output.hidden = true;
    this.root.append(
      el("div", { class: "an-node-tools" }, [label("ui.an.comment", this.commentBox), el("div", { class: "an-buttons" }, [this.promoteButton, this.removeButton])]),
      label("ui.an.fen", this.fen),
      el("div", { class: "an-buttons an-links" }, [this.editorLink, this.reviewLink]),
      el("details", { class: "an-io" }, [
        el("summary", {}, [el("span", { class: "an-io-title" })]),
        label("ui.an.import_label", this.input),
        el("div", { class: "an-buttons" }, [this.loadButton]),
        this.error,
        el("div", { class: "an-buttons" }, [this.exportButton, this.copyButton, this.downloadButton]),
        this.output,
      ]),
    );
  }

  /** Opens the import/export box (the keyboard shortcut and the page's first load). */
  open(): void {
    (this.root.querySelector(".an-io") as HTMLDetailsElement).open = true;
  }

  render(node: Node, isRoot: boolean, variation: boolean): void {
    const t = this.host.t;
    for (const [key, l] of Object.entries(this.labels)) l.textContent = t(key);
    (this.root.querySelector(".an-io-title") as HTMLElement).textContent = t("ui.an.import_export");
    if (this.node !== node || document.activeElement !== this.commentBox) this.commentBox.value = node.comment;
    this.node = node;
    this.commentBox.disabled = false;
    this.commentBox.placeholder = t("ui.an.comment_placeholder");
    this.removeButton.textContent = t("ui.an.delete");
    this.removeButton.disabled = isRoot;
    this.promoteButton.textContent = t("ui.an.promote");
    this.promoteButton.disabled = !variation;
    this.fen.value = node.fen;
    this.editorLink.href = "/editor?" + new URLSearchParams({ fen: node.fen }).toString();
    this.editorLink.textContent = t("ui.an.to_editor");
    this.reviewLink.textContent = t("ui.an.to_review");
    this.input.placeholder = t("ui.an.import_placeholder");
    this.loadButton.textContent = t("ui.an.import");
    this.exportButton.textContent = t("ui.an.export");
    this.copyButton.textContent = t("ui.an.copy");
    this.downloadButton.textContent = t("ui.an.download");
    if (!this.output.hidden) this.output.value = this.events.pgn();
  }

  private load(): void {
    const err = this.events.load(this.input.value);
    this.error.textContent = err ?? "";
    if (!err) this.input.value = "";
  }

  private showPgn(): void {
    this.output.hidden = false;
    this.output.value = this.events.pgn();
  }

  private async copy(): Promise<void> {
    this.showPgn();
    try {
      await navigator.clipboard.writeText(this.output.value);
      this.error.textContent = this.host.t("ui.an.copied");
    } catch {
      this.output.select();
    }
  }

  private download(): void {
    this.showPgn();
    const url = URL.createObjectURL(new Blob([this.output.value], { type: "application/x-chess-pgn" }));
    const a = el("a", { href: url, download: "analysis.pgn" });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
