//! Small DOM helpers shared by the pages: elements, buttons, clock text, passing notices.

export function el(tag: string, attrs: Record<string, string> = {}, children: (Node | string)[] = []): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "value") (e as HTMLInputElement).value = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

export function button(text: string, onClick: () => void, cls = "", label = ""): HTMLButtonElement {
  const b = el("button", { type: "button", class: cls }, [text]) as HTMLButtonElement;
  if (label) {
    b.setAttribute("aria-label", label);
    b.title = label;
  }
  b.addEventListener("click", onClick);
  return b;
}

/** h:mm:ss, m:ss, and tenths under ten seconds (0:09.4). */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

let toastTimer = 0;
export function toast(text: string): void {
  let box = document.getElementById("toast");
  if (!box) {
    box = el("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  box.textContent = text;
  box.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => box?.classList.remove("show"), 4000);
}
