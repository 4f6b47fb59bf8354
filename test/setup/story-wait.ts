import { configure } from 'storybook/test';

// A story's `waitFor` (and `findBy…`) waits for what a user would wait for: a lazily loaded chunk,
// a layout pass, a frame. On a busy machine that takes far longer than testing-library's 1 s
// default, and nothing is slower to fail than a wait that gives up too early.
configure({ asyncUtilTimeout: 15_000 });
