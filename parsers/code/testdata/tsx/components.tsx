import React, { useState } from "react";

/** Props of Button. */
export interface ButtonProps {
  label: string;
  onClick?(): void;
}

/** A button. */
export function Button({ label, onClick }: ButtonProps) {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{label}</button>;
}

export const Card = ({ title }: { title: string }) => (
  <div className="card">
    <h2>{title}</h2>
  </div>
);

export const List = <T,>(props: { items: T[] }) => <ul>{props.items.length}</ul>;

export const Memo = React.memo(function MemoInner() {
  return <span />;
});

export class Counter extends React.Component<{}, { n: number }> {
  state = { n: 0 };

  increment = () => {
    this.setState({ n: this.state.n + 1 });
  };

  render() {
    return <p onClick={this.increment}>{this.state.n}</p>;
  }
}

export default function App() {
  return <Button label="go" />;
}
