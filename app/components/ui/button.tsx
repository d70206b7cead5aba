import type { ComponentProps } from "react";
import { Link } from "~/components/ui/link";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md";

/**
 * A button's classes: `.btn`, its variant and its size, styled in app.css (the components layer, so a utility passed
 * in `extra` wins over them). One short class list where every button and button-like link carried about 150
 * characters of utilities: a page of 60 result cards has 60 "Make an offer" links (issue 34).
 */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `btn btn-${variant} btn-${size} ${extra}`;
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: ComponentProps<"button"> & { variant?: Variant; size?: Size }) {
  return <button type="button" className={buttonClass(variant, size, className)} {...props} />;
}

export function LinkButton({
  variant = "primary",
  size = "md",
  className = "",
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
