<?xml version="1.0"?>
<tileset name="c24"><tileset/><tileset firstgid="9" source="c25.tsx"/></tileset>
