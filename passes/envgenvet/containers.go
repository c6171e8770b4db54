package envgenvet

import "go/types"

// isCarrier reports whether t carries an environment without being one.
func isCarrier(t types.Type) bool { return false }
