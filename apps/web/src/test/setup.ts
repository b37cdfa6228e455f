import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy wait up to 5 s, not 1: on a busy 2-core CI machine a page of 50 rows can
// take over a second to render, and the wait ends as soon as the condition holds anyway.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
