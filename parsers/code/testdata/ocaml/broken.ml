let ok x = x + 1

let broken = (1 +

type t = A | B

module M = struct
  let inner () = ()
end
