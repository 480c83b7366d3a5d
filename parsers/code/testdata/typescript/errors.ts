export class Good {
  ok() {
    const x = ;
  }

  stillHere(): void {}
}

export interface AfterError {
  x: number;
}

let = ;

export function after(): void {}

// An unclosed parameter list swallows the rest of the file.
export function broken( {
  return 1;

export function lost() {}
