(** Geometry helpers. *)

open Printf

(** A point. *)
type point = { x : float; y : float }

type shape =
  | Circle of point * float
  | Rect of { lo : point; hi : point }

and color = Red | Green

exception Invalid of string

let pi = 3.14159

(** [area s] is the area of [s]. *)
let area = function
  | Circle (_, r) -> pi *. r *. r
  | Rect { lo; hi } -> (hi.x -. lo.x) *. (hi.y -. lo.y)

let rec fact n = if n = 0 then 1 else n * fact (n - 1)
and even n = n = 0 || odd (n - 1)

let () = printf "%f\n" pi

let (+.) a b = a

module type ORDERED = sig
  type t
  val compare : t -> t -> int
end

module Make (O : ORDERED) : sig
  val max : O.t -> O.t -> O.t
end = struct
  let max a b = if O.compare a b > 0 then a else b
end

module Counter = struct
  let count = ref 0
  let incr () = incr count
  module Inner = struct
    let v = 1
  end
end

class stack init = object (self)
  val mutable items = init
  method push x = items <- x :: items
  method private size = List.length items
end

external length : string -> int = "caml_string_length"

let x, y = 1, 2
