"""Access: roles per tournament, who may do what (permissions, whose account is whose), logins' throttle
and lockouts, officials' and players' accounts."""
