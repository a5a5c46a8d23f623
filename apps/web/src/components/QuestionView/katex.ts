// KaTeX with its stylesheet (fonts' @font-face rules included): one download, when a formula is first drawn.
import 'katex/dist/katex.min.css';

export { default } from 'katex';
