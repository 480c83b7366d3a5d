(** Interface. *)

type t
(** The abstract shape. *)

val create : unit -> t
(** [create ()] is an empty shape. *)

val add
  : t -> int -> unit
(** Adds. *)

val[@deprecated] old : t

val x : int

include Map.OrderedType with type t := t

module M : sig val y : int end

class type counter = object
  val mutable count : int
  method incr : unit
end

exception E
