// The API layer as one lazily loaded module: see createShellStore.
export { setupListeners } from '@reduxjs/toolkit/query';
export { baseApi } from '../api/baseApi';
