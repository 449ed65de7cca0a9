/** @type {import('next').NextConfig} */
const nextConfig = {
  // A package-lock.json in a parent folder would otherwise make Next guess the wrong root.
  turbopack: { root: import.meta.dirname },
  // PGlite loads its wasm and data files by URL; bundling it breaks that under webpack.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
};

export default nextConfig;
