import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is made; the
// page's Content-Security-Policy forbids eval, so the probe shows as a CSP violation in the browser's issues panel
// (Lighthouse: best practices). Set before any route module (and so any schema) is loaded; zod reads this object.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig ??= {};
zodConfig.__zod_globalConfig.jitless = true;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
