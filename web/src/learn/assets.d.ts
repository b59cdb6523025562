// The trainer's style sheet comes into learn.js as text (build.mjs: the "text" loader for .css).
declare module "*.css" {
  const text: string;
  export default text;
}
