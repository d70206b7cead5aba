import { Field } from "~/components/ui/field";
import { SignatureField } from "./signature-field";

/**
 * The signer's part of a signing form, the same for the agreement and an addendum: the legal name, the signature
 * (typed, or drawn once the page runs JavaScript) and the password again. Posts `legalName`, `method`, `imagePng`
 * and `password`.
 */
export function SignerFields({
  legalName,
  stampedOn,
  errors,
}: {
  legalName: string;
  stampedOn?: string;
  /** The refused form's field messages (legalName, password), shown under their fields. */
  errors?: Record<string, string[]> | null;
}) {
  return (
    <>
      <Field
        id="legal-name"
        label="Your full legal name, as on the deed"
        name="legalName"
        defaultValue={legalName}
        required
        maxLength={200}
        autoComplete="name"
        errors={errors?.legalName}
      />
      <SignatureField legalName={legalName} stampedOn={stampedOn} />
      <Field
        id="sign-password"
        label="Your password (to confirm it is you)"
        name="password"
        type="password"
        required
        autoComplete="current-password"
        errors={errors?.password}
      />
    </>
  );
}
