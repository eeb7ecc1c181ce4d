import './index.css';

/** Ends the current task, so that the browser can paint and handle input in between. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app's code is evaluated in stages, one task each (React DOM, the router, the app), instead
// of one long task: the page stays responsive while it starts. The chunks are preloaded together
// (vite.config.ts, entryDynamicPreload), so the stages only wait for evaluation.
await import('react-dom/client');
await yieldToMain();
// The route table (it evaluates the router's chunk). Importing 'react-router' itself here would
// keep every export of the package in the bundle.
await import('./app/router');
await yieldToMain();
const { start } = await import('./app/start');
await yieldToMain();
await start();
