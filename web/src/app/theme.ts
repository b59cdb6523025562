//! Light and dark: the setting (`light`, `dark` or `auto`, which follows the system) becomes
//! `data-theme` on the root element, which style.css reads. The board's own colours stay as
//! the board theme says, so its squares keep their contrast in both.

import type { Theme } from "../store";

const system = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
let chosen: Theme = "auto";

/** The colours `theme` means now. */
export function resolvedTheme(theme: Theme): "light" | "dark" {
  if (theme !== "auto") return theme;
  return system?.matches ? "dark" : "light";
}

/** Applies `theme` to the page (and follows the system while it is `auto`). */
export function applyTheme(theme: Theme): void {
  chosen = theme;
  const root = document.documentElement;
  const r = resolvedTheme(theme);
  root.dataset.theme = r;
  root.style.colorScheme = r;
}

system?.addEventListener("change", () => applyTheme(chosen));
