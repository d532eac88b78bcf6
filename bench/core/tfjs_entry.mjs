// Entry of the TF.js bundle the benchmark builds (see tfjs_setup.mjs): the core with its
// gradients registered, and both backends. Bundled because tfjs-core's ES modules use
// extensionless imports that node cannot load, and its CommonJS build ships no gradients.
export * from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-cpu';
export { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
