/** A click that should follow a link the ordinary way (a new tab or window, a download): not one to handle in the page. */
export const opensElsewhere = (e: {
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  button: number;
}) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;
