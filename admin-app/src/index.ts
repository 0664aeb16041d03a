// An async boundary, so module federation can settle the shared modules before any of them runs.
import('./bootstrap');
