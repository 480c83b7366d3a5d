package auth

// getUserToken returns the bearer token of a user.
func getUserToken(user string) string { return "" }

// RefreshToken renews an expired token before its expiry.
func RefreshToken(tok string) string { return tok }
