import { describe, expect, it } from "vitest";
import { dismissToast, toast, toastStore } from "./toast";

describe("the toast store", () => {
  it("starts as the server rendered it, so hydration finds it unchanged and renders nothing again", () => {
    // React compares the two by identity: an equal but new object forces a synchronous render once hydrated.
    expect(toastStore.snapshot()).toBe(toastStore.serverSnapshot());
  });

  it("changes its snapshot when a toast is shown and dismissed, and the server's stays empty", () => {
    const before = toastStore.snapshot();
    let heard = 0;
    const unsubscribe = toastStore.subscribe(() => {
      heard += 1;
    });
    const id = toast.success("Saved");
    expect(toastStore.snapshot()).not.toBe(before);
    expect(toastStore.snapshot().toasts.map((t) => t.message)).toEqual(["Saved"]);
    dismissToast(id);
    expect(toastStore.snapshot().toasts).toEqual([]);
    expect(heard).toBe(2);
    expect(toastStore.serverSnapshot()).toEqual({ toasts: [], modals: [] });
    unsubscribe();
  });
});
