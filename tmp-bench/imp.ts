const t = performance.now();
await import('../build/index.ts');
await import('react-dom/server');
console.log('import', (performance.now() - t).toFixed(0), 'ms');
