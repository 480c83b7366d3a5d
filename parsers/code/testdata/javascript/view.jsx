import { h } from "preact";

/** Renders a greeting. */
export function Greeting({ name }) {
  return <p className="greeting">Hello, {name}!</p>;
}

export const Layout = ({ children }) => (
  <main>
    <Greeting name="world" />
    {children}
  </main>
);
