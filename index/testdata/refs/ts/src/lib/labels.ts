export interface Labelled {
  label(): string;
}

export class Tag {
  label(): string {
    return "tag";
  }
}

export class Badge extends Tag implements Labelled {
  label(): string {
    return "badge " + super.label();
  }
}
