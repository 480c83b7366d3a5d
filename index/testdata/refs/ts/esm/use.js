import wait from './debounce.js';

wait(function() {}, 1);
