/** The host API contract shared by the web host, Electron main, the preload and the renderer; the audit record it carries is core/audit. */
export * from './contract.js';
