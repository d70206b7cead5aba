import { type ResortPictureSource, resortIllustrationHref, resortPhotoHref } from "../resort-picture";

/**
 * A resort's picture: its illustration, with the uploaded photo over it when there is one. The frame's gradient
 * shows while they load, and both images have an empty alt, so a picture that fails to load leaves the one below
 * (never a broken-image icon or a grey box). Decorative where the resort's name is beside it; pass `label` where it
 * stands alone, and the frame becomes one image with that name.
 */
export function ResortPicture({
  resort,
  label,
  className = "",
  eager = false,
}: {
  resort: ResortPictureSource;
  label?: string;
  /** Size and shape: the picture fills the frame (cropped to it). */
  className?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
}) {
  const photo = resortPhotoHref(resort.photoPath);
  const loading = eager ? "eager" : "lazy";
  // `.resort-frame` (app.css): the frame and its gradient, each image filling it.
  const frame = `resort-frame ${className}`;
  const pictures = (
    <>
      <img
        src={resortIllustrationHref(resort.slug)}
        alt=""
        width={800}
        height={450}
        loading={loading}
        decoding="async"
      />
      {photo ? <img src={photo} alt="" loading={loading} decoding="async" /> : null}
    </>
  );
  const data = { "data-testid": "resort-picture", "data-photo": photo ? "yes" : "no" };
  return label ? (
    <span role="img" aria-label={label} className={frame} {...data}>
      {pictures}
    </span>
  ) : (
    <span aria-hidden="true" className={frame} {...data}>
      {pictures}
    </span>
  );
}
