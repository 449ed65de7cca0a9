'use client';

import dynamic from 'next/dynamic';

// The runtime draws nothing: it loads right after the page, outside its first-load script.
export const LazyDriverRuntime = dynamic(() => import('./driver-runtime').then((module) => module.DriverRuntime), { ssr: false });
