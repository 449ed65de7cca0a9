/**
 * `make` for each key once, kept for the page's life: an Intl formatter costs far more to make than
 * to use, and the pages format many times and dates with one formatter per language.
 */
export function madeOnce<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
