// `npm start`: the whole product on one machine (scripts/lib/product.mjs), built once.
import { runProduct } from './lib/product.mjs';

runProduct();
