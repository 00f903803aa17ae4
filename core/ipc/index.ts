/** The host API contract shared by the web host, Electron main, the preload and the renderer. */
export * from './contract.js';
export * from './audit.js';
