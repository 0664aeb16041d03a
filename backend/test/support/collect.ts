/** Every item of an async iterable, in order (Array.fromAsync is not in the ES2023 library). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
