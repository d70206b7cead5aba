/** Profile photos (SPEC `update_profile_image/{user_uniqid}`): limits and messages, safe for the browser. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_SIZE_PX = 256;
export const PHOTO_FIELD = "upload";

export const PHOTO_MESSAGES = {
  saved: "Your profile photo has been updated.",
  missing: "Choose a photo to upload.",
  tooBig: "The photo is too large. Choose a PNG or JPEG of at most 5 MB.",
  wrongType: "The file is not a PNG or JPEG image. Choose a PNG or JPEG photo.",
  unreadable: "This image could not be read. Choose another PNG or JPEG photo.",
  notYours: "You can only change your own profile photo.",
  unknownUser: "This user does not exist.",
} as const;
