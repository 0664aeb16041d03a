// `npm run dev`: the product as `npm start` runs it, with the backend, the contracts and the apps rebuilt on
// change and the API and the worker restarted on a backend change (scripts/lib/product.mjs).
import { runProduct } from './lib/product.mjs';

runProduct({ watch: true });
