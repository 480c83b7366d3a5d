//! Shapes rustc accepts that the grammar or the macro rules missed.

/// An impl with an empty generic list.
impl<> Type {
    fn f() {}
    pub fn g(&self) -> u8 { 0 }
}

pub struct Type<> {
    a: u8,
}

fn build() {
    pin_project! {
        /// A future with a pinned field.
        pub struct Pinned<F> {
            #[pin]
            inner: F,
        }
    }
    thread_local!(static COUNTER: u32 = 0);
    let code = quote! { struct NotHere {} };
    let v = Vec::<>::new();
}
