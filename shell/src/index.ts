// The async boundary: shared modules (React, the store, …) are negotiated before any of them is evaluated.
import('./bootstrap');
