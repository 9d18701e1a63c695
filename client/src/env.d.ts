/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Query-string prefix that opens the access gate (product.md §2.1); empty disables the gate. */
  readonly VITE_GATE_PREFIX?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
