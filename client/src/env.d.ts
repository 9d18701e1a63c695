/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Query-string prefix that opens the access gate (spec §2); empty disables the gate. */
  readonly VITE_GATE_PREFIX?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_TELEGRAM?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
